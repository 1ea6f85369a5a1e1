/** OAuth finding as-dynamic-registration: “Dynamic client registration offered”. */
import type { FindingDefinition } from '../../finding';

export const AS_DYNAMIC_REGISTRATION_DEFINITION: FindingDefinition<'as-dynamic-registration'> = {
  id: 'as-dynamic-registration',
  severity: 'info',
  title: 'Dynamic client registration offered',
  meaning:
    'The authorization server offers dynamic client registration (RFC 7591): any client can register itself without an account.',
  doesNotTell: 'Whether registered clients get any rights without your consent: that is decided at sign-in.',
  reference: 'RFC 7591; MCP specification 2025-11-25, Authorization (client registration)',
};
