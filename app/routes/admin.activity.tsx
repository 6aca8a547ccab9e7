// issue 18: filled in by its own commit.
export default function AdminActivity() {
  return null;
}
