// What the process entry (main.ts) uses of the health module besides its routes.
export { DRAIN_TIMING, installDrain, type Drain, type DrainTiming } from './drain';
