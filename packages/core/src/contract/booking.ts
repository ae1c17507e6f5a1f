import { z } from 'zod';

/**
 * The live booking cookie every write to a job presents (ARCHITECTURE §4 "Booking"). A module of
 * its own so that adt.ts and jobSave.ts, which import each other's schemas, do not form a cycle.
 */
export const BookingCookieSchema = z.string().min(1, 'bookingCookie is required').max(200);
