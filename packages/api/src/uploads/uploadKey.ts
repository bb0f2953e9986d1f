/** An upload's public name: the sha256 of its bytes and the extension of its kind (content-addressed). */
export const UPLOAD_FILE_NAME = /^([a-f0-9]{64})\.(png|jpg)$/;

/** The file-store key of an upload named `<sha256>.<ext>`: the path it is served under, without the slash. */
export const uploadKey = (name: string) => `uploads/${name}`;
