// Placeholder until the front end lands.
namespace carcref {}
