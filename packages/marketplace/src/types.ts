/** Friendly names for the spec's schemas, so users never index into `components` themselves. */
import type { components } from './generated/schema.ts';

type S = components['schemas'];
export type Session = S['Session'];
export type UserProfile = S['UserProfile'];
export type UserSummary = S['UserSummary'];
export type UserProfileUpdate = S['UserProfileUpdate'];
/** A registered callback as read back: never with its password. */
export type ApiCallback = S['ApiCallback'];
/** A callback to register: the password is write-only. */
export type ApiCallbackInput = S['ApiCallbackInput'];
export type M2Key = S['M2Key'];
export type M2KeyInput = S['M2KeyInput'];
export type PackageInput = S['PackageInput'];
export type PackageUpdate = S['PackageUpdate'];
export type PackageFields = S['PackageFields'];
export type Package = S['Package'];
export type PackageBatchItem = S['PackageBatchItem'];
export type EqpStatus = S['EqpStatus'];
export type ToolRunSummary = S['ToolRunSummary'];
export type ToolReport = S['ToolReport'];
export type ToolReportEntry = S['ToolReportEntry'];
export type FileRecord = S['FileRecord'];
export type UploadResult = S['UploadResult'];

/** Fields the package reads can sort by (every filterable field is sortable). */
export type PackageSortField =
  | 'type' | 'platform' | 'license_type' | 'is_patch' | 'item_id' | 'submission_id' | 'sku' | 'version' | 'name'
  | 'long_description' | 'release_notes' | 'custom_license_name' | 'custom_license_url' | 'requested_launch_date'
  | 'created_at' | 'modified_at' | 'latest_launch_date' | 'original_launch_date' | 'process_as_patch' | 'stability'
  | 'eqp_status.overall' | 'eqp_status.technical' | 'eqp_status.marketing';

/** `-created_at` (descending) or `+name` (ascending). */
export type PackageSort = `${'+' | '-'}${PackageSortField}`;
