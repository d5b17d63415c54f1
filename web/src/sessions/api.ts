import type { SessionListResponse, SessionsEndedResponse } from '@mboa/contracts';
import { api } from '@mboa/web-core';

/** The signed-in person's own sessions (docs/api.md#sessions-and-cookies); loaded with the profile page. */
export const getSessions = (signal?: AbortSignal) => api<SessionListResponse>('/me/sessions', { signal });
export const endSession = (id: string) => api<{ message: string }>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const endOtherSessions = () => api<SessionsEndedResponse>('/me/sessions/end-others', { method: 'POST' });
