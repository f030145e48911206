// Vitest's own order runs the projects one after another (client, server, unit), so the longest server files
// (the store contract and the circulation property, 40-50 s each) started only once every client file had,
// and one core sat idle while they finished. This order runs every project's files together, the longest
// first by the last run's times (files the cache does not know, or that failed, first, as Vitest does).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const weight = (spec: TestSpecification) => {
      const result = this.ctx.cache.getTestSpecificationResult(spec);
      return !result || result.failed ? Infinity : result.duration;
    };
    // Array.prototype.sort is stable: equal weights keep Vitest's order.
    return sorted.sort((a, b) => {
      const [wa, wb] = [weight(a), weight(b)];
      return wa === wb ? 0 : wb > wa ? 1 : -1;
    });
  }
}
