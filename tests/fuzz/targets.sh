# The fuzz targets and their largest input, shared by run_brief.sh and campaign.sh.
# Sourced, not run.
FUZZ_TARGETS=(command tile catalog script log)
fuzz_max_len() {
  case "$1" in
    command | tile) echo 256 ;;
    catalog) echo 2048 ;;
    script) echo 4096 ;;
    log) echo 32768 ;;
  esac
}
