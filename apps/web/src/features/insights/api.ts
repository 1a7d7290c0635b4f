import {
  audienceInsightsSchema,
  insightsSchema,
  type AudienceInsights,
  type AudienceTable,
  type Insights,
} from '@onair/core';
import { getJson } from '../../lib/api-client.ts';

export function fetchInsights(days: number, signal: AbortSignal): Promise<Insights> {
  return getJson(`/api/insights?days=${days}`, insightsSchema, { signal });
}

export function fetchAudience(days: number, signal: AbortSignal): Promise<AudienceInsights> {
  return getJson(`/api/insights/audience?days=${days}`, audienceInsightsSchema, { signal });
}

/** Where one audience table downloads as CSV (the admin's session cookie goes with the link). */
export function audienceCsvUrl(table: AudienceTable, days: number): string {
  return `/api/insights/audience.csv?table=${table}&days=${days}`;
}
