/** The URL of a record's first photo of an attachment info (thumbnail or full size). */
export function recordPhotoUrl(projectId: number, recordId: number, attachmentInfoId: number, thumb: boolean): string {
  return `/api/Records/${projectId}/record/${recordId}/attachmentinfo/${attachmentInfoId}${thumb ? '?thumb=true' : ''}`;
}
