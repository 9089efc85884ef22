/** The time the seeded records were made, written as the platform writes a MySQL TIMESTAMP (UTC, whole seconds). */
export const STAMP = '2024-01-01 00:00:00';
