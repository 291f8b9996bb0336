/** Design QA: a screenshot compared with its design (modules/walkthrough/comparison.ts). */
export { compareScreenshotJob } from '../modules/walkthrough/comparison.js';
export { WALKTHROUGH_COMPARE_JOB } from '../modules/walkthrough/screenshots.js';
