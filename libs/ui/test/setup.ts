import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

// Unmount between tests (no vitest globals, so Testing Library cannot register this itself).
afterEach(() => cleanup());

/**
 * The few DOM matchers the tests use (@testing-library/jest-dom is not installed here).
 * Each reads like its jest-dom namesake.
 */
function isDisabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled) return true;
  return Boolean(el.closest('fieldset[disabled]'));
}
expect.extend({
  toBeInTheDocument(received: Element | null) {
    const pass = Boolean(received && received.ownerDocument?.contains(received));
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be in the document` };
  },
  toBeDisabled(received: Element) {
    const pass = isDisabled(received);
    return { pass, message: () => `expected ${received.outerHTML.slice(0, 120)} ${pass ? 'not ' : ''}to be disabled` };
  },
  toBeEnabled(received: Element) {
    const pass = !isDisabled(received);
    return { pass, message: () => `expected ${received.outerHTML.slice(0, 120)} ${pass ? 'not ' : ''}to be enabled` };
  },
  toHaveValue(received: HTMLInputElement, value: string | number) {
    const actual = received.type === 'number' ? Number(received.value) : received.value;
    const pass = actual === value;
    return { pass, message: () => `expected value ${JSON.stringify(actual)} ${pass ? 'not ' : ''}to be ${JSON.stringify(value)}` };
  },
  toHaveTextContent(received: Element, text: string | RegExp) {
    const actual = (received.textContent ?? '').replace(/\s+/g, ' ').trim();
    const pass = typeof text === 'string' ? actual.includes(text) : text.test(actual);
    return { pass, message: () => `expected text ${JSON.stringify(actual)} ${pass ? 'not ' : ''}to contain ${String(text)}` };
  },
});

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toBeDisabled(): R;
  toBeEnabled(): R;
  toHaveValue(value: string | number): R;
  toHaveTextContent(text: string | RegExp): R;
}
declare module 'vitest' {
  // An augmentation must repeat vitest's own type parameters exactly (`T = any`), and adds no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends DomMatchers<T> {}
}

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};
