/**
 * The API's request and answer shapes by name: the server validates each body with its shape and
 * serialises answers with theirs, the OpenAPI document lists them as component schemas, and
 * clients read their types (Static) from them.
 */
import * as admin from './admin.ts';
import * as records from './records.ts';
import * as review from './review.ts';
import * as recordAnswers from './recordAnswers.ts';
import * as projectAnswers from './projectAnswers.ts';
import * as reviewAnswers from './reviewAnswers.ts';
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

/** Shapes as the plain JSON Schemas they are (what Ajv, the serialiser and the OpenAPI document read). */
const asSchemas = <N extends string>(shapes: Record<N, TSchema>): Record<N, Record<string, unknown>> =>
  shapes as Record<N, Record<string, unknown>>;

/** The request shapes as plain JSON Schemas (what Ajv and the OpenAPI document read). */
export const REQUEST_SCHEMAS = asSchemas<RequestShapeName>(REQUEST_SHAPES);

/** Every named answer shape (an OpenAPI component schema each). */
export const RESPONSE_SHAPES = {
  ApiError: reviewAnswers.ApiError,
  BulkError: reviewAnswers.BulkError,
  Feature: recordAnswers.Feature,
  Attachment: recordAnswers.Attachment,
  DetailedFeature: recordAnswers.DetailedFeature,
  DataRecord: recordAnswers.DataRecord,
  RecordDetail: recordAnswers.RecordDetail,
  DeleteResult: recordAnswers.DeleteResult,
  ArchiveResult: recordAnswers.ArchiveResult,
  FeaturePage: recordAnswers.FeaturePage,
  RecordPage: recordAnswers.RecordPage,
  IdPage: recordAnswers.IdPage,
  TextSearchPage: recordAnswers.TextSearchPage,
  RecordList: recordAnswers.RecordList,
  ExtentTables: recordAnswers.ExtentTables,
  RecordLite: recordAnswers.RecordLite,
  RecordExtentTables: recordAnswers.RecordExtentTables,
  FeatureBulkResult: recordAnswers.FeatureBulkResult,
  RecordBulkResult: recordAnswers.RecordBulkResult,
  SensitivityClasses: reviewAnswers.SensitivityClasses,
  SensitivityChange: reviewAnswers.SensitivityChange,
  HistoryEntry: reviewAnswers.HistoryEntry,
  History: reviewAnswers.History,
  SelectValue: projectAnswers.SelectValue,
  DistinctValues: projectAnswers.DistinctValues,
  Column: projectAnswers.Column,
  Table: projectAnswers.Table,
  Layer: projectAnswers.Layer,
  Profile: projectAnswers.Profile,
  Project: projectAnswers.Project,
  ProjectSummary: projectAnswers.ProjectSummary,
  Deleted: projectAnswers.Deleted,
  ThumbnailResult: projectAnswers.ThumbnailResult,
  CastFailure: projectAnswers.CastFailure,
  CastResult: projectAnswers.CastResult,
} satisfies Record<string, TSchema>;

/** The name of an answer shape. */
export type ResponseShapeName = keyof typeof RESPONSE_SHAPES;

/** The answer of shape `N` as the client receives it. */
export type ResponseBody<N extends ResponseShapeName> = Static<(typeof RESPONSE_SHAPES)[N]>;

/** The answer shapes as plain JSON Schemas (what the serialiser and the OpenAPI document read). */
export const RESPONSE_SCHEMAS = asSchemas<ResponseShapeName>(RESPONSE_SHAPES);
