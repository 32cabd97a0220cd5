// The figures `npm run bench` holds each measurement to (issue targets), printed beside each figure.
export const TARGETS = {
  constantStaticRatio: 1,
  visitorStaticRatio: 0.6,
  memberStaticRatio: 0.4,
  homeJsGzipKb: 120,
  lighthousePerformance: 0.95,
  lighthouseAccessibility: 1,
  /** Lighthouse's largest contentful paint on a visitor's home page. */
  homeLcpMs: 1500,
  workerUploadGzipMb: 1.4,
  workerStartupCpuMs: 50,
};
