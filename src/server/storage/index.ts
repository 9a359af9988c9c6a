/** File storage behind one interface: the disk store by default, or an S3-compatible bucket. */
export { assertValidKey, InvalidStorageKeyError, MAX_KEY_LENGTH, type ObjectMeta, type PutBody, type PutMeta, type Storage, type StoredObject, StorageUnavailableError } from './storage.js';
export { createDiskStorage, PART_SUFFIX, type DiskStorageOptions } from './disk-storage.js';
export { createS3Storage, type S3StorageOptions } from './s3-storage.js';
