// issue 18: filled in by its own commit.
export default function AdminJobs() {
  return null;
}
