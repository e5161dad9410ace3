// The database schema, one file per aggregate; everything is re-exported here, so code imports
// `db/schema` and drizzle-kit reads this file. Every tenant-owned table carries account_id;
// queries filter on it (docs/ARCHITECTURE.md).
export * from './accounts';
export * from './billing';
export * from './teams';
export * from './fast-replies';
export * from './channels';
export * from './contacts';
export * from './conversations';
export * from './channel-messages';
export * from './widget';
export * from './shopify';
export * from './nps';
export * from './operator';
export * from './feature-requests';
export * from './help-center';
export * from './jobs';
export * from './reports';
export * from './assignment';
export * from './automation';
export * from './saved-views';
export * from './macros';
export * from './notifications';
export * from './sla';
export * from './scheduled-messages';
