import { insightsSchema, type Insights } from '@onair/core';
import { getJson } from '../../lib/api-client.ts';

export function fetchInsights(days: number, signal: AbortSignal): Promise<Insights> {
  return getJson(`/api/insights?days=${days}`, insightsSchema, { signal });
}
