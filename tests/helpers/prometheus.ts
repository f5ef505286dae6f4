/** One sample of a Prometheus text exposition: metric name, labels, value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/y;

/**
 * Parses the Prometheus text format (version 0.0.4) strictly: every line is a `# HELP`/`# TYPE`
 * comment or a sample; anything else throws, naming the line.
 */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const l = LABEL.exec(body);
      if (!l) throw new Error(`bad labels in: ${line}`);
      labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const raw = m[3] as string;
    // Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes 'Nan').
    const lower = raw.toLowerCase();
    const value = /^\+?inf$/.test(lower) ? Infinity : lower === '-inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && lower !== 'nan') throw new Error(`bad value in: ${line}`);
    samples.push({ name: m[1] as string, labels, value });
  }
  return samples;
}

/**
 * The sum of the samples `name` whose labels include all of `labels`; 0 when there is none (a
 * counter not yet counted).
 */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .reduce((sum, x) => sum + x.value, 0);
}

/** How much each sample grew from `before` to `after` (see sampleValue for how labels match). */
export function sampleDelta(before: Sample[], after: Sample[]) {
  return (name: string, labels: Record<string, string> = {}): number =>
    sampleValue(after, name, labels) - sampleValue(before, name, labels);
}
