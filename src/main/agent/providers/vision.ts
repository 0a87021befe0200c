// Whether the agent's model reads pictures: every Claude model through Anthropic's API, OpenAI's
// own API, and on another compatible endpoint the models known to take image parts. A picture for a
// model that does not is refused with a sentence, never sent to be dropped.
import type { Agent } from '../../../shared/domain';
import { acceptsImages, isOfficialOpenAi } from './openai';

export function readsImages(agent: Pick<Agent, 'provider' | 'model' | 'baseUrl'>): boolean {
  if (agent.provider === 'anthropic') return true;
  const official = agent.baseUrl === null || isOfficialOpenAi(agent.baseUrl);
  return official || acceptsImages(agent.model);
}
