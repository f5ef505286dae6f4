import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS, type ResponseBody } from '../../../../domain/shapes/index.ts';

const ajv = new Ajv({ strict: false });
addFormats.default(ajv);

const record: ResponseBody<'DataRecord'> = {
  id: 7,
  tableId: 48,
  properties: { '601': 'Lipa', '602': 3, '603': true, '604': null },
  geometry: { type: 'Point', coordinates: [1_615_000, 5_780_000] },
  attachments: [{ id: 1, recordId: 7, tableAttachmentInfoId: 2, name: 'a.jpg', mimeType: 'image/jpeg', size: 10 }],
  createdByEmail: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  updatedAt: '2026-11-29T01:00:00.000Z',
  version: 3,
  generalised: 1000,
};

describe('answer shapes', () => {
  it('are JSON Schemas that accept what the server answers and refuse what it never does', () => {
    for (const schema of Object.values(RESPONSE_SCHEMAS)) expect(() => ajv.compile(schema)).not.toThrow();
    const page = ajv.compile(RESPONSE_SCHEMAS.RecordPage);
    expect(page({ records: [record], total: 1, page: 1, perPage: 100 })).toBe(true);
    expect(
      page({ records: [{ ...record, properties: { '601': { nested: 1 } } }], total: 1, page: 1, perPage: 100 }),
    ).toBe(false);
    expect(page({ records: [{ ...record, generalised: 500 }], total: 1, page: 1, perPage: 100 })).toBe(false);
  });

  it('write a record page as JSON.stringify does, open properties and geometry included', () => {
    const page = { records: [record], total: 1, page: 1, perPage: 100 };
    expect(JSON.parse(fastJson(RESPONSE_SCHEMAS.RecordPage as never)(page))).toEqual(page);
  });

  it('write only the members a serialised answer holds', () => {
    const write = fastJson(RESPONSE_SCHEMAS.DeleteResult as never);
    expect(JSON.parse(write({ tableId: 48, recordId: 7, deleted: true, createdByEmail: 'a@b.si' }))).toEqual({
      tableId: 48,
      recordId: 7,
      deleted: true,
    });
  });
});
