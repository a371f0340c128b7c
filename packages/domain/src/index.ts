// @store/domain: pure business rules of the store. No I/O: callers pass everything in.
export * from './constants.ts';
export * from './paths.ts';
export * from './route-params.ts';
export * from './redirect-rule.ts';
export * from './city.ts';
export * from './price.ts';
export * from './seo.ts';
export * from './search-history.ts';
export * from './loading-bar.ts';
export * from './chunk-reload.ts';
export * from './layout.ts';
export * from './breadcrumbs.ts';
export * from './pages.ts';
