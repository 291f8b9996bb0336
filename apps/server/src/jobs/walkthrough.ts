/** Design QA: a screenshot compared with its design (modules/walkthrough/comparison.ts). */
export { compareScreenshotJob } from '../modules/walkthrough/comparison.js';
export { removeWalkthroughFiles, WALKTHROUGH_REMOVE_FILES_JOB } from '../modules/walkthrough/removal.js';
export { WALKTHROUGH_COMPARE_JOB } from '../modules/walkthrough/screenshots.js';
