// How the shop writes timestamps: `YYYY-MM-DD HH:MM:SS` (UTC) for most records; manufacturers use
// the PHP DateTime object shape {date, timezone_type, timezone}.
export type TimestampStyle = 'datetime' | 'php-object';

export function datetime(d: Date): string {
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

export function stamp(d: Date, style: TimestampStyle = 'datetime'): unknown {
  if (style === 'php-object') return { date: `${datetime(d)}.000000`, timezone_type: 3, timezone: 'UTC' };
  return datetime(d);
}
