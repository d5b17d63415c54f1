import {
  ALL_EVENT_TYPES,
  checkEventPayload,
  currentEventVersion,
  EVENT_CONTRACTS,
  EventContractError,
  readEventPayload,
} from '../index.js';

test('every event type has a contract whose upgraders lead from version 1 to its current version', () => {
  for (const type of ALL_EVENT_TYPES) {
    const contract = EVENT_CONTRACTS[type];
    expect({ type, version: Number.isInteger(contract.version) && contract.version >= 1 }).toEqual({ type, version: true });
    for (let v = 1; v < contract.version; v++) expect({ type, from: v, upgrader: typeof contract.upgrades?.[v] }).toEqual({ type, from: v, upgrader: 'function' });
    expect(currentEventVersion(type)).toBe(contract.version);
  }
  expect(currentEventVersion('test.thing')).toBeUndefined();
});

test('a reset request of version 1 (the address only) reads as one no browser can verify', () => {
  expect(readEventPayload('password-reset.requested', undefined, { email: 'a@b.cm' })).toEqual({ email: 'a@b.cm', requestHash: '' });
  expect(readEventPayload('password-reset.requested', 1, { email: 'a@b.cm', requestHash: 'h', knownDevice: true })).toEqual({
    email: 'a@b.cm',
    requestHash: 'h',
    knownDevice: true,
  });
  expect(readEventPayload('password-reset.requested', 2, { email: 'a@b.cm', requestHash: 'h' })).toEqual({ email: 'a@b.cm', requestHash: 'h' });
});

test('a payload that breaks its contract is refused for good; a newer version is worth retrying', () => {
  const held = { propertyId: 'p', holdId: 'h', reason: 'scam-reports', reporters: 3, heldAt: '2026-01-01T00:00:00.000Z' };
  expect(() => checkEventPayload('property.held', held)).not.toThrow();
  const broken = (() => {
    try {
      checkEventPayload('property.held', { ...held, reporters: 'three' });
    } catch (err) {
      return err;
    }
  })();
  expect(broken).toBeInstanceOf(EventContractError);
  expect(broken).toMatchObject({ retryable: false, message: expect.stringContaining('reporters') });
  expect(() => readEventPayload('property.held', 2, held)).toThrow(expect.objectContaining({ retryable: true }));
  expect(() => readEventPayload('property.held', 0, held)).toThrow(expect.objectContaining({ retryable: false }));
  // Types that are none of ours (tests, tools) pass as they are.
  expect(readEventPayload('test.thing', undefined, { any: 1 })).toEqual({ any: 1 });
  expect(() => checkEventPayload('test.thing', 42)).not.toThrow();
});

test('a consumer gets the current shape: fields no contract names are left out', () => {
  const read = readEventPayload('password.changed', undefined, { userId: 'u', changedAt: '2026-01-01T00:00:00.000Z', extra: 'x' });
  expect(read).toEqual({ userId: 'u', changedAt: '2026-01-01T00:00:00.000Z' });
});
