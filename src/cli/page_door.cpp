#include "cli/page_door.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <map>

#include "carcref/i18n.h"

namespace carcref {

namespace {

using Clock = std::chrono::steady_clock;

// A page that goes away mid-answer must not end carcref with SIGPIPE: every send here says
// MSG_NOSIGNAL, and the server's threads keep the signal blocked besides.
void BlockSigpipe() {
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
}

std::string PeerName(const sockaddr_storage& a) {
  char text[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(a).sin_addr, text, sizeof text);
  else if (a.ss_family == AF_INET6)
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(a).sin6_addr, text, sizeof text);
  return text;
}

bool HeadEnds(const std::string& head) { return head.find("\r\n\r\n") != std::string::npos; }

int MillisecondsUntil(Clock::time_point when) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(when - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left + 1, 0, 1000));
}

}  // namespace

PageDoor::~PageDoor() { Stop(); }

Result<int> PageDoor::Bind(const std::string& host, int port) {
  bool v6 = host.find(':') != std::string::npos;
  int fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Status::IOError(std::strerror(errno));
  // SO_REUSEADDR only: with SO_REUSEPORT a second carcref would share the port (and half the
  // requests) instead of being told it is in use.
  int yes = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  int rc = -1;
  if (v6) {
    sockaddr_in6 a{};
    a.sin6_family = AF_INET6;
    a.sin6_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET6, host.c_str(), &a.sin6_addr);
    rc = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  } else {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET, host.c_str(), &a.sin_addr);
    rc = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  }
  if (rc == 0) rc = listen(fd, kBacklog);
  if (rc != 0) {
    int error = errno;
    close(fd);
    if (error == EADDRINUSE)
      return Status::IOError(Tr("the port is in use (choose another, or 0)"));
    return Status::IOError(std::strerror(error));
  }
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length);
  int actual =
      ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<const sockaddr_in6&>(bound).sin6_port
                                        : reinterpret_cast<const sockaddr_in&>(bound).sin_port);
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) {
    int error = errno;
    close(fd);
    return Status::IOError(std::strerror(error));
  }
  listen_fd_ = fd;
  return actual;
}

void PageDoor::Start(std::function<void(Connection&)> serve) {
  serve_ = std::move(serve);
  running_ = true;
  door_ = std::thread([this] {
    BlockSigpipe();
    DoorLoop();
  });
  for (std::size_t i = 0; i < kWorkers; ++i)
    workers_.emplace_back([this] {
      BlockSigpipe();
      WorkerLoop();
    });
}

void PageDoor::Stop() {
  if (running_) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    // Every wait of the door and the workers polls this too: they all end at once.
    std::uint64_t one = 1;
    while (write(wake_fd_, &one, sizeof one) < 0 && errno == EINTR) {
    }
    ready_changed_.notify_all();
    door_.join();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    running_ = false;
  }
  for (Pending& p : pending_) close(p.connection.fd);
  pending_.clear();
  for (Connection& c : ready_) close(c.fd);
  ready_.clear();
  if (listen_fd_ >= 0) close(listen_fd_);
  if (wake_fd_ >= 0) close(wake_fd_);
  listen_fd_ = wake_fd_ = -1;
}

bool PageDoor::WaitFor(int fd, short events, Clock::time_point deadline) const {
  for (;;) {
    if (Clock::now() >= deadline) return false;
    pollfd p[2] = {{fd, events, 0}, {wake_fd_, POLLIN, 0}};
    int n = poll(p, 2, MillisecondsUntil(deadline));
    if (n < 0 && errno != EINTR) return false;
    if (n <= 0) continue;
    if (p[1].revents != 0) return false;  // stopping
    if (p[0].revents != 0) return true;   // ready, or closed: the read or write says which
  }
}

void PageDoor::DoorLoop() {
  std::vector<pollfd> fds;
  bool starved = false;  // out of file descriptors: accept again a little later
  for (;;) {
    fds.clear();
    fds.push_back({wake_fd_, POLLIN, 0});
    fds.push_back({starved ? -1 : listen_fd_, POLLIN, 0});
    int timeout = starved ? 10 : 1000;
    for (const Pending& p : pending_) {
      fds.push_back({p.connection.fd, POLLIN, 0});
      timeout = std::min(timeout, MillisecondsUntil(p.connection.accepted + kHeadTime));
    }
    starved = false;
    int n = poll(fds.data(), fds.size(), timeout);
    if (n < 0 && errno != EINTR) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    if (fds[0].revents != 0) return;  // Stop()
    // From the back, so that closing one leaves the indices of those before it as they were.
    for (std::size_t i = pending_.size(); i-- > 0;)
      if (fds[i + 2].revents != 0) ReadHead(i);
    Clock::time_point now = Clock::now();
    for (std::size_t i = pending_.size(); i-- > 0;) {
      if (now < pending_[i].connection.accepted + kHeadTime) continue;
      Refuse(pending_[i].connection.fd, "408 Request Timeout");
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (fds[1].revents == 0) continue;
    for (int k = 0; k < 64; ++k) {  // a burst, then the others get their turn
      sockaddr_storage a{};
      socklen_t length = sizeof a;
      int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&a), &length,
                       SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (errno == EMFILE || errno == ENFILE) {
          // The oldest waiting head makes room; with none, wait instead of spinning.
          if (!pending_.empty()) {
            close(pending_.front().connection.fd);
            pending_.erase(pending_.begin());
          } else {
            starved = true;
          }
        }
        break;
      }
      Admit(Connection{fd, std::string(), PeerName(a), Clock::now()});
    }
  }
}

void PageDoor::Admit(Connection connection) {
  std::size_t same = 0;
  std::map<std::string, std::size_t> count;
  for (const Pending& p : pending_) {
    if (p.connection.peer == connection.peer) ++same;
    ++count[p.connection.peer];
  }
  if (same >= kPerClient) {
    Evict(connection.peer);
  } else if (pending_.size() >= kMaxPending) {
    auto most = std::max_element(count.begin(), count.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    Evict(most->first);
  }
  pending_.push_back(Pending{std::move(connection), accepted_++});
}

void PageDoor::Evict(const std::string& peer) {
  // pending_ is in accept order: the first of that address is its oldest.
  for (auto p = pending_.begin(); p != pending_.end(); ++p) {
    if (p->connection.peer != peer) continue;
    close(p->connection.fd);
    pending_.erase(p);
    return;
  }
}

void PageDoor::ReadHead(std::size_t index) {
  Connection& c = pending_[index].connection;
  auto drop = [&] { pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(index)); };
  char buffer[4096];
  bool ended = false;  // the client closed its side (or the connection failed)
  while (c.head.size() < kMaxHead) {
    std::size_t room = std::min(sizeof buffer, kMaxHead - c.head.size());
    ssize_t n = recv(c.fd, buffer, room, MSG_DONTWAIT);
    if (n > 0) {
      c.head.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    ended = true;
    break;
  }
  if (HeadEnds(c.head)) {
    // A client that half-closes after its request still gets the answer.
    Connection whole = std::move(c);
    drop();
    bool full = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      full = ready_.size() >= kMaxReady;
      if (!full) ready_.push_back(std::move(whole));
    }
    if (full)
      Refuse(whole.fd, "503 Service Unavailable");
    else
      ready_changed_.notify_one();
    return;
  }
  if (ended) {
    close(c.fd);
    drop();
  } else if (c.head.size() >= kMaxHead) {
    Refuse(c.fd, c.head.find('\n') == std::string::npos ? "414 URI Too Long"
                                                        : "431 Request Header Fields Too Large");
    drop();
  }
}

void PageDoor::Refuse(int fd, const char* status) {
  std::string body = std::string(status) + "\n";
  std::string answer = std::string("HTTP/1.1 ") + status +
                       "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " +
                       std::to_string(body.size()) + "\r\nConnection: close\r\n";
  for (const auto& [name, value] : PageHeaders()) answer += name + ": " + value + "\r\n";
  answer += "\r\n" + body;
  // Best effort, never waiting: the socket's buffer is empty, a short answer fits.
  ssize_t sent = send(fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  (void)sent;
  shutdown(fd, SHUT_RDWR);
  close(fd);
}

void PageDoor::WorkerLoop() {
  for (;;) {
    Connection c;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_changed_.wait(lock, [this] { return stopping_ || !ready_.empty(); });
      if (stopping_) return;
      c = std::move(ready_.front());
      ready_.pop_front();
    }
    serve_(c);
    shutdown(c.fd, SHUT_RDWR);
    close(c.fd);
  }
}

const std::vector<std::pair<std::string, std::string>>& PageHeaders() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"Cache-Control", "no-store"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      // No other site may show the page in a frame (clickjacking): CSP for today's browsers,
      // X-Frame-Options for older ones.
      {"Content-Security-Policy", "frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"}};
  return headers;
}

}  // namespace carcref
