export declare class LatencyHistogram {
  constructor(limitMicros?: number);
  readonly total: number;
  record(ms: number): void;
  percentile(p: number): number | undefined;
}
