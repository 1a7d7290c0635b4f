import * as z from 'zod/mini';

/**
 * `error` (a refusal of `value` by `schema`) with zod's English issue messages. zod/mini ships no
 * message texts (each issue reads "Invalid input") where classic zod installs English ones; they are
 * fetched only for a refusal a listener may read. When they cannot be fetched, `error` is kept.
 */
export async function inEnglish(
  schema: z.core.$ZodType,
  value: unknown,
  error: z.core.$ZodError,
): Promise<z.core.$ZodError> {
  try {
    const { default: english } = await import('zod/v4/locales/en.js');
    return z.safeParse(schema, value, { error: english().localeError }).error ?? error;
  } catch {
    return error;
  }
}
