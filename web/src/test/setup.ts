import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount between tests (no vitest globals, so Testing Library cannot register this itself).
afterEach(() => cleanup());
