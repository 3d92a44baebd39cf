// The certificates feature's public face: the Profile's panel, the Revoke button and the hooks of the public page.
export { useCertificateVerification } from "./api";
export { CertificatesPanel } from "./certificates-panel";
export { hoursLabel, servedLabel } from "./format";
export { RevokeCertificateButton } from "./revoke-certificate-button";
