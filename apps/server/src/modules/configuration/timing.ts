import { TIMING_BUCKETS, TIMING_METRICS, timingBucket } from '@ferry/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { timingCounts } from './tables.js';

/** Counts one reported duration in its metric's bucket (one upsert: parallel reports all count). */
export async function recordTiming(db: Db, name: string, seconds: number) {
  if (!(TIMING_METRICS as readonly string[]).includes(name)) throw fail('TIMING_METRIC_UNKNOWN');
  const bucket = timingBucket(seconds);
  await db
    .insert(timingCounts)
    .values({ metric: name, bucket, count: 1 })
    .onConflictDoUpdate({
      target: [timingCounts.metric, timingCounts.bucket],
      set: { count: sql`${timingCounts.count} + 1` },
    });
  return { name, bucket };
}

/** Every metric's counts per bucket, in the buckets' order, zeros included. */
export async function timingHistogram(db: Db): Promise<Record<string, Record<string, number>>> {
  const rows = await db.select().from(timingCounts);
  const histogram: Record<string, Record<string, number>> = {};
  for (const metric of TIMING_METRICS)
    histogram[metric] = Object.fromEntries(TIMING_BUCKETS.map((bucket) => [bucket.label, 0]));
  for (const row of rows) if (histogram[row.metric]) histogram[row.metric][row.bucket] = row.count;
  return histogram;
}

/** The histogram as the operator reads it: a line per metric, its total and each bucket's count. */
export function formatHistogram(histogram: Record<string, Record<string, number>>): string {
  const labels = TIMING_BUCKETS.map((bucket) => bucket.label);
  const width = Math.max(...Object.keys(histogram).map((name) => name.length), 'metric'.length);
  const header = ['metric'.padEnd(width), 'total', ...labels.map((label) => `${label}s`)].join('  ');
  const lines = Object.entries(histogram).map(([metric, counts]) => {
    const total = labels.reduce((sum, label) => sum + counts[label], 0);
    const cells = labels.map((label) => String(counts[label]).padStart(`${label}s`.length));
    return [metric.padEnd(width), String(total).padStart('total'.length), ...cells].join('  ');
  });
  return [header, ...lines].join('\n');
}
