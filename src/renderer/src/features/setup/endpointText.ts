import type { AgentView } from '../../../../shared/ipc';

/** The Base URL field's placeholder: the address an empty field means, and who set it. */
export function endpointPlaceholder(agent: AgentView): string {
  const { url, variable } = agent.defaultBaseUrl;
  return variable ? `${url} (from ${variable})` : `${url} (the provider's own)`;
}

/** Where the conversation and the key go while the field is empty, in a sentence. */
export function endpointSentence(agent: AgentView): string {
  const { url, variable } = agent.defaultBaseUrl;
  return variable
    ? `Left empty, the conversation and the key go to ${url}, set by ${variable} in Paddock's environment. Fill it only for another proxy or local server that speaks the provider's API.`
    : `Left empty, the conversation and the key go to the provider's own service, ${url}. Fill it only for a proxy or a local server that speaks the provider's API.`;
}
