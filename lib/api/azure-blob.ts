/**
 * Azure Blob storage, told by an upload address: the blob endpoints of Azure's public, China and
 * US Government clouds (and their DNS-zone form, account.z12.blob.storage.azure.net), and Azurite,
 * the local emulator, by its well-known account first in the path (…:10000/devstoreaccount1/…).
 * A blob behind a custom domain or a CDN cannot be told, and is sent as the service says.
 */
const BLOB_HOST = /\.blob\.(core\.windows\.net|core\.chinacloudapi\.cn|core\.usgovcloudapi\.net|storage\.azure\.net)$/;
const EMULATOR_ACCOUNT = 'devstoreaccount1';

/**
 * The most one Put Blob takes (service versions from 2019-12-12): 5000 MiB, below Primer's 5 GiB.
 * Larger blobs go up in blocks, which the interface's single PUT is not.
 */
export const AZURE_PUT_BLOB_MAX_BYTES = 5000 * 1024 ** 2;

export function isAzureBlobUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return BLOB_HOST.test(url.hostname.replace(/\.$/, '')) || url.pathname.split('/')[1] === EMULATOR_ACCOUNT;
}
