import { runMentionsBench } from './mentions.bench.ts';
import { runOnAirBench } from './on-air.bench.ts';
import { runRealtimeFloodBench } from './realtime-flood.bench.ts';

// Benchmarks print figures as ratios against a baseline run in the same process; they never fail on time.
console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
runOnAirBench();
await runRealtimeFloodBench();
await runMentionsBench();
