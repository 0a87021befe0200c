// The provider SDKs load at their first request, not when Paddock starts (issue 22 item 2): each
// costs a few hundred milliseconds and tens of MiB, and a session that never talks to a model
// (`paddock serve` opening the page, the checks, a card answered) needs neither. Types only above
// this line; the code arrives through the two loaders, once per process (the module cache).
import type AnthropicSdk from '@anthropic-ai/sdk';
import type OpenAiSdk from 'openai';

export type AnthropicClass = typeof AnthropicSdk;
export type OpenAiClass = typeof OpenAiSdk;

export async function loadAnthropic(): Promise<AnthropicClass> {
  return (await import('@anthropic-ai/sdk')).default;
}

export async function loadOpenAi(): Promise<OpenAiClass> {
  return (await import('openai')).default;
}
