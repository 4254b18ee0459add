// Placeholder until the session log lands.
namespace carcref {}
