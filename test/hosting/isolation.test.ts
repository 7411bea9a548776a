import { isolationScenarios } from './isolation-scenarios.js';

isolationScenarios('one Redis');
