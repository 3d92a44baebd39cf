// The share feature's public face: the buttons that pass on an opportunity's address.

export { copyLink } from "./copy-link";
export { CopyShareLinkButton } from "./copy-share-link-button";
export { ShareButton } from "./share-button";
