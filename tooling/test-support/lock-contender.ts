/**
 * Test helper run as a separate process by src/deploy/concurrent-releases.test.ts: makes `count` versions of one area live in a row, the
 * way several release commands started at once would. Usage: lock-contender.ts <deployDir> <area> <count>
 */
import type { AreaName } from '@studyhub/contract';
import { pointArea } from '../src/deploy/release';

const [deployDir, area, count] = process.argv.slice(2);
for (let index = 0; index < Number(count); index += 1) {
  pointArea(deployDir!, area as AreaName, `1.0.${index}`);
}
