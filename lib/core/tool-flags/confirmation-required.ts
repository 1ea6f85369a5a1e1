/**
 * An input schema that asks for a confirmation token: the server gates the call behind a separate step.
 */
import { confirmationField } from './tool-shape';
import { type ToolRule } from './rule';

export const confirmationRequired: ToolRule<'confirmation-required'> = {
  definitions: {
    'confirmation-required': {
      id: 'confirmation-required',
      severity: 'info',
      title: 'Asks for a confirmation token',
      meaning:
        'The input schema declares a confirmation token argument (such as confirmationToken): the server gates this call behind a separate confirmation step.',
      default: null,
      doesNotTell: 'Who can produce the token, or whether a human sees the action before it happens.',
      reference: 'Server-side write gates (see the source article)',
    },
  },
  check({ inputSchema }, raise) {
    const confirmation = confirmationField(inputSchema);
    if (confirmation !== null) {
      raise(
        'confirmation-required',
        `Input schema asks for "${confirmation}": the server gates this call behind a confirmation.`,
      );
    }
  },
};
