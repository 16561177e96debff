import { type Db, type ItemRecord, itemStore } from './server-items.ts';

/** A resource as the store holds it (the `resources` row), `data_source_config` parsed. */
export type ResourceRecord = ItemRecord<
  'resources',
  {
    data_source_type: 'static' | 'http';
    /** `static`: `{ content, encoding? }`; `http`: `{ url }`. */
    data_source_config: Record<string, unknown>;
  }
>;
export type NewResource = Omit<ResourceRecord, 'id'>;

/** The resource kind of the server-item store (the service layer's handle on it). */
export const resourceItems = itemStore<'resources', ResourceRecord>({
  table: 'resources',
  json: { data_source_config: { empty: '{}', fallback: {} } },
  order: [['id', 'asc']],
  ref: 'id',
});

export const insertResource = resourceItems.insert;
/** A resource of the server by numeric id. */
export const findResource = resourceItems.find;
export const findResourceByUri = (db: Db, serverId: number, uri: string) =>
  resourceItems.findBy(db, serverId, 'uri', uri);
/** A page of the server's resources, by id. */
export const listResources = resourceItems.list;
/** Every resource of the server (MCP `resources/list` and `resources/templates/list`). */
export const listAllResources = resourceItems.listAll;
export const updateResourceRow = resourceItems.update;
export const deleteResourceRow = resourceItems.delete;
