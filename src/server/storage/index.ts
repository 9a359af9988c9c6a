/** File storage behind one interface: the disk store by default, others (S3-compatible) later. */
export { assertValidKey, InvalidStorageKeyError, MAX_KEY_LENGTH, type ObjectMeta, type PutBody, type PutMeta, type Storage, type StoredObject } from './storage.js';
export { createDiskStorage, type DiskStorageOptions } from './disk-storage.js';
