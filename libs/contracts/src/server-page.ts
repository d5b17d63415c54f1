/**
 * The element of a page the server drew (docs/architecture.md#server-rendered-pages) that carries
 * the data it was drawn from: a `<script type="application/json">` the gateway writes after
 * `#root` and the web app reads before taking the page over.
 */
export const PAGE_STATE_ID = 'mboa-page-state';
