/**
 * closed-world-connected: openWorldHint false ("the domain of interaction is closed"), yet any connect
 * or name lookup; the message names every address contacted (the definition says the rule for a fixed host).
 */
import { LIMITS, REFERENCE, own, type BehaviourRule } from './rule';

export const closedWorldConnected: BehaviourRule<'closed-world-connected'> = {
  definition: {
    id: 'closed-world-connected',
    severity: 'high',
    title: 'Claimed a closed world, reached for the network',
    meaning:
      'The tool declares openWorldHint false (the spec: "the domain of interaction is closed"), yet called in the sandbox it tried to connect somewhere or to look up a name; the finding names every address contacted (host:port where the trace shows it; a lookup shows only the resolver). The sandbox has no network, so the attempt failed: it shows intent. Rule for a fixed vendor host (a tool that calls its own vendor\'s API, firecrawl\'s case): still a contradiction, because the data leaves the machine for a party the client did not name, and a closed world is one the client can see whole; the message says "contacted" rather than "leaked", and the host is named so a reviewer can judge whether it is the vendor.',
    default: null,
    doesNotTell: `What it would send, and whether the host is the vendor's own API (the spec does not say whether a vendor's fixed service is inside a "closed" domain). ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: true,
  lead: 'Claims a closed world (openWorldHint false); called in the sandbox it',
  effects: (calls, claims) =>
    claims.includes('closed-world') ? own(calls, (effect) => effect.kind === 'connect' || effect.kind === 'dns') : [],
};
