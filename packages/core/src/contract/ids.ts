import { z } from 'zod';

/**
 * Whole-number ids and the booking cookie of the job editor's calls, with the messages a 400 answer
 * carries. Not part of the package's index: only the contract files that share them import it (a
 * module of its own, so contract files never import each other in a circle).
 */

/** An id from a query string or a path: text that must read as a positive whole number. */
export const queryId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive whole number`);

/** An id in a JSON body: a positive whole number, never text. */
export const bodyId = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive whole number`);

/** The live booking cookie every write to a job presents (ARCHITECTURE §4 "Booking"). */
export const BookingCookieSchema = z.string().min(1, 'bookingCookie is required').max(200);
