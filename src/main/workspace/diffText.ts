// The unified diff a write or edit returns and its card shows (SPEC §5, §6). Bounded: a diff that
// would take too long to compute says so instead of stalling the call.
import { createTwoFilesPatch } from 'diff';

const DIFF_TIMEOUT_MS = 1_500;
const DIFF_MAX_BYTES = 2 * 1024 * 1024;

export function unifiedDiff(rel: string, before: string | null, after: string): string {
  if ((before?.length ?? 0) > DIFF_MAX_BYTES || after.length > DIFF_MAX_BYTES) {
    return `(diff of ${rel} not shown: more than ${DIFF_MAX_BYTES} bytes)`;
  }
  const oldName = before === null ? '/dev/null' : `a/${rel}`;
  const patch = createTwoFilesPatch(oldName, `b/${rel}`, before ?? '', after, undefined, undefined, {
    context: 3,
    timeout: DIFF_TIMEOUT_MS,
  });
  return patch ?? `(diff of ${rel} not shown: too many changes to compute in time)`;
}
