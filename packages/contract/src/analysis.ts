import { z } from 'zod';

/** GET /analysis/month-bar — demo chart data (spec §7 "Demo"): one bar per month, bare `{ result }`. */
export const monthBarPointSchema = z.object({ x: z.string(), y: z.number() });
export const monthBarSchema = z.object({ result: z.array(monthBarPointSchema) });
export type MonthBar = z.infer<typeof monthBarSchema>;
