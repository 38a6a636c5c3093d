/** The API layer's public surface: the transport, the addresses and every client, for `src/state`. */
export * from './http';
export * from './endpoints';
export * from './bookcore.schemas';
export * from './loyalty';
export * from './loyalty.schemas';
export * from './cart';
export * from './drop-cart';
export * from './cart.schemas';
export * from './packages';
export * from './packages.schemas';
export * from './mobile';
export * from './mobile.schemas';
export * from './documents';
export * from './stylesheets';
