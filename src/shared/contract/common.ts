// Schemas reused by several domains of the contract.
import { z } from "zod";
import { MAX_COINS_PER_DECISION } from "../domain/limits";
import { indianFigure } from "../domain/written-out";

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** The error body of every non-2xx answer (docs/product-rules.md §6). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A positive integer id in a path, e.g. `/api/opportunities/:id`. Bounded so it always fits in an int4. */
export const IdSchema = z.coerce
  .number({ error: "Must be a number" })
  .int("Must be a whole number")
  .min(1, "Must be at least 1")
  .max(2_147_483_647, "Too large");

export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Timestamps travel as ISO-8601 strings. Response schemas are encoded (not parsed) on the way out, so they hold no
 * transforms: services convert dates with `toIso`.
 */
export const DateTimeSchema = z.string();

/** More repeats of one query key than any filter has choices: a request this long is not a person's. */
export const MAX_REPEATED_VALUES = 50;

/**
 * One value or repeated keys (`?skills=Maths&skills=Music`), as the spec's client sends arrays
 * (docs/product-spec.md §7).
 */
export const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_REPEATED_VALUES, `At most ${MAX_REPEATED_VALUES} values`),
  );

export const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

export const offsetSchema = z.coerce
  .number({ error: "offset must be a number" })
  .int("offset must be a whole number")
  .min(0, "offset must be at least 0")
  .max(1_000_000, "offset is too large")
  .default(0);

/** A whole number of coins for one decision, named in its messages by label. */
export const coinsSchema = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_COINS_PER_DECISION, `${label} must be at most ${indianFigure(MAX_COINS_PER_DECISION)}`);

/** Optional free text: blank becomes null, at most 2,000 characters. */
export const optionalNote = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((value) => (value == null || value.trim() === "" ? null : value.trim()))
    .pipe(z.string().max(2000, `${label}: at most 2,000 characters`).nullable());

/** A calendar day (YYYY-MM-DD) that exists, named in its messages by label. */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date, e.g. 2026-12-05`)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, `${label} must be a real date, e.g. 2026-12-05`);
