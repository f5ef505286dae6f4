/**
 * The API's request shapes by name: the server validates each body with its shape, the OpenAPI
 * document lists them as component schemas, and clients read their types (Static) from them.
 */
import * as admin from './admin.ts';
import * as records from './records.ts';
import * as review from './review.ts';
import type { Static, TSchema } from './build.ts';

/** Every named request shape (an OpenAPI component schema each). */
export const REQUEST_SHAPES = {
  Geometry: records.Geometry,
  Properties: records.Properties,
  FeatureCreate: records.FeatureCreate,
  FeatureUpdate: records.FeatureUpdate,
  RecordCreate: records.RecordCreate,
  DeleteRequest: records.DeleteRequest,
  ArchiveRequest: records.ArchiveRequest,
  RecordIdsRequest: records.RecordIdsRequest,
  FilterInput: records.FilterInput,
  RecordQuery: records.RecordQuery,
  RecordIdQuery: records.RecordIdQuery,
  SpatialQuery: records.SpatialQuery,
  BulkUpdate: records.BulkUpdate,
  BulkRequest: records.BulkRequest,
  AttachmentForm: records.AttachmentForm,
  ProjectCreate: admin.ProjectCreate,
  ProjectInput: admin.ProjectInput,
  ProjectCopyRequest: admin.ProjectCopyRequest,
  ProfileInput: admin.ProfileInput,
  ProfileCopyRequest: admin.ProfileCopyRequest,
  LayerTreeNode: admin.LayerTreeNode,
  LayerTree: admin.LayerTree,
  CastRequest: admin.CastRequest,
  ReviewRequest: review.ReviewRequest,
  CommentRequest: review.CommentRequest,
  AttachmentOrder: review.AttachmentOrder,
  SensitivityRequest: review.SensitivityRequest,
} satisfies Record<string, TSchema>;

/** The name of a request shape. */
export type RequestShapeName = keyof typeof REQUEST_SHAPES;

/** The body a request of shape `N` has once validated. */
export type RequestBody<N extends RequestShapeName> = Static<(typeof REQUEST_SHAPES)[N]>;

/** The request shapes as plain JSON Schemas (what Ajv and the OpenAPI document read). */
export const REQUEST_SCHEMAS = REQUEST_SHAPES as Record<RequestShapeName, TSchema> as Record<
  RequestShapeName,
  Record<string, unknown>
>;
