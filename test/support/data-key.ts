import { createSealer } from '../../src/redis/sealer.js';

/** The data key of every test: fixed, so child processes started by a test share it. */
export const testDataKey = 'dGVzdHMtb25seS1kYXRhLWtleS0tLTMyLWJ5dGVzISE=';

export const testSealer = createSealer(testDataKey);
