/** The zod schemas of the transports (lib/core/transports.ts), for the wire shapes that carry them. */
import { z } from 'zod';
import { HOSTED_TRANSPORTS, TRANSPORTS, WIRE_TRANSPORTS } from './transports';

export const hostedTransportSchema = z.enum(HOSTED_TRANSPORTS);
export const transportSchema = z.enum(TRANSPORTS);
export const wireTransportSchema = z.enum(WIRE_TRANSPORTS);
