import * as z from 'zod/mini';

/** Every JSON error this server answers with: one human-readable sentence the app may show as is. */
export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
